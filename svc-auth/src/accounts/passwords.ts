import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP ASVS V6 / the OWASP cheat sheet's argon2id minimum: m=19 MiB, t=2, p=1. */
export const ARGON2_OPTIONS: Options = {
  // Algorithm is a const enum in the typings; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** argon2id hashing; unknown accounts are checked against a dummy hash so both answers take as long. */
@Injectable()
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(storedHash: string | undefined, password: string): Promise<boolean> {
    if (!storedHash) {
      this.dummy ??= hash('no account has this password', ARGON2_OPTIONS);
      await verify(await this.dummy, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}
