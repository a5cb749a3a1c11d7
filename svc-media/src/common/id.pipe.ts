import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

const MAX_SERIAL = 2_147_483_647;

/** A path id: a positive integer within Postgres' serial range (beyond it nothing can exist). */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_SERIAL)) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The id must be a positive integer');
    return id;
  }
}
