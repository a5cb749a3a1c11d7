import { Type } from 'class-transformer';
import { IsEmail, IsInt, Min, ValidateNested } from 'class-validator';
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
