import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PUBLIC_OPENAPI_PATH } from '@vton/contracts';
import { Public } from '@vton/service-kit';
import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The public API's one OpenAPI 3.1 document (all three services, merged and linted by
 * packages/api-reference). svc-auth serves it because API access (the keys) lives here.
 */
@ApiExcludeController()
@Public()
@Controller()
export class ApiReferenceController {
  private document?: string;

  @Get(PUBLIC_OPENAPI_PATH)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  // Readable by API tools on other origins (editors, client generators); it holds nothing private.
  @Header('Access-Control-Allow-Origin', '*')
  openApi(): string {
    this.document ??= fs.readFileSync(createRequire(import.meta.url).resolve('@vton/api-reference/openapi.json'), 'utf8');
    return this.document;
  }
}
