import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { createValidationPipe } from './validation.js';
import { ApiException } from './api-exception.js';

class CropDto {
  @IsInt({ message: 'width must be a whole number' })
  @Min(20, { message: 'width must be at least 20' })
  width!: number;
}

class RequestDto {
  @IsEmail({}, { message: 'email must be an email' })
  email!: string;

  @ValidateNested()
  @Type(() => CropDto)
  crop!: CropDto;
}

const validate = (value: unknown) =>
  createValidationPipe().transform(value, { type: 'body', metatype: RequestDto });

describe('validation pipe', () => {
  it('rejects with issues per field and the first issue as the message', async () => {
    const error: ApiException = await validate({ email: 'nope', crop: { width: 'wide' } }).catch((e: ApiException) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect(error.getStatus()).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.extra.issues).toEqual([
      { path: ['email'], message: 'email must be an email' },
      { path: ['crop', 'width'], message: expect.stringMatching(/^width must be/) },
    ]);
    expect(error.message).toBe('email must be an email');
  });

  it('strips unknown fields and returns a class instance', async () => {
    const value = await validate({ email: 'a@b.co', crop: { width: 40 }, isAdmin: true });
    expect(value).toBeInstanceOf(RequestDto);
    expect(value).not.toHaveProperty('isAdmin');
  });
});

describe('validation pipe: checks every input gets', () => {
  class NoteDto {
    @IsOptional()
    @IsString()
    note?: string;

    @IsOptional()
    @IsObject()
    metadata?: Record<string, unknown>;
  }
  const body = (value: unknown) => createValidationPipe().transform(value, { type: 'body', metatype: NoteDto });
  const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a 400'); }, (e: ApiException) => e);

  it.each([
    ['a NUL', 'a\u0000b'],
    ['an escape', 'a\u001bb'],
    ['a DEL', 'a\u007fb'],
  ])('refuses %s in a text field, naming the field', async (_what, note) => {
    const error = await failure(body({ note }));
    expect(error.getStatus()).toBe(400);
    expect(error.message).toBe('note must not contain control characters');
    expect(error.extra.issues).toEqual([{ path: ['note'], message: 'note must not contain control characters' }]);
  });

  it('keeps tabs and line breaks', async () => {
    await expect(body({ note: 'line one\r\n\tline two' })).resolves.toMatchObject({ note: 'line one\r\n\tline two' });
  });

  it('names a nested field and a key with control characters', async () => {
    expect((await failure(body({ metadata: { info: { text: 'x\u0000' } } }))).message).toBe('metadata.info.text must not contain control characters');
    expect((await failure(body({ metadata: { 'bad\u0000key': 1 } }))).message).toBe('metadata must not have a key with control characters');
  });

  it('refuses JSON nested deeper than 32 levels, named by its top field, before any DTO work', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = { d: deep };
    const error = await failure(body({ metadata: deep }));
    expect(error.message).toBe('metadata is nested too deeply (at most 32 levels)');
    expect(error.extra.issues).toEqual([{ path: ['metadata'], message: 'metadata is nested too deeply (at most 32 levels)' }]);
    let fine: unknown = 1;
    for (let i = 0; i < 30; i += 1) fine = { d: fine };
    await expect(body({ metadata: fine })).resolves.toBeInstanceOf(NoteDto);
  });

  it('checks query and path values under their own name', async () => {
    const error = await failure(createValidationPipe().transform('12\u0000', { type: 'query', metatype: String, data: 'cursor' }));
    expect(error.message).toBe('cursor must not contain control characters');
  });
});
