import { PassThrough } from 'node:stream';
import { IncomingFile } from './incoming-file.js';

describe('IncomingFile', () => {
  it('answers the first bytes before the rest arrived, then the whole file, and passes every byte on to a late sink', async () => {
    const input = new PassThrough();
    const file = new IncomingFile(input);
    input.write(Buffer.from('RIFF'));
    input.write(Buffer.from('....WEBPVP8 '));
    await expect(file.first(12)).resolves.toEqual(Buffer.from('RIFF....WEBP'));

    const sink = new PassThrough();
    const received: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => sink.on('end', resolve));
    file.pipeTo(sink);
    input.end(Buffer.from('rest'));
    await expect(file.whole()).resolves.toEqual(Buffer.from('RIFF....WEBPVP8 rest'));
    await ended;
    expect(Buffer.concat(received)).toEqual(Buffer.from('RIFF....WEBPVP8 rest'));
  });

  it('answers fewer bytes for a shorter file, and none for an empty one', async () => {
    const input = new PassThrough();
    const file = new IncomingFile(input);
    input.end(Buffer.from('abc'));
    await expect(file.first(33)).resolves.toEqual(Buffer.from('abc'));
    const empty = new PassThrough();
    const none = new IncomingFile(empty);
    empty.end();
    await expect(none.first(33)).resolves.toEqual(Buffer.alloc(0));
  });

  it('fails its readers and its sink when the upload fails, also one that failed before it was read', async () => {
    const input = new PassThrough();
    const file = new IncomingFile(input);
    const sink = new PassThrough();
    file.pipeTo(sink);
    const whole = file.whole();
    input.destroy(new Error('Request aborted'));
    await expect(whole).rejects.toThrow('Request aborted');
    expect(sink.destroyed).toBe(true);

    const gone = new PassThrough();
    gone.on('error', () => undefined);
    gone.destroy(new Error('request too large'));
    await expect(new IncomingFile(gone).first(12)).rejects.toThrow('request too large');
  });
});
