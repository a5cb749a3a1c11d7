import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SERVICE_DOCS_PATHS } from '@vton/contracts';
import type { ServiceName } from '../service-name.js';

/** OpenAPI UI at the service's docs path and its JSON at `${docsPath}-json`. */
export function setupOpenApi(app: INestApplication, service: ServiceName, title: string): void {
  const docsPath = SERVICE_DOCS_PATHS[service];
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(title)
      .setDescription(`${service} of the virtual try-on studio. Errors use the product's error shape (ApiErrorBody).`)
      .setVersion('1.0')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
      .addSecurityRequirements('bearer')
      .build(),
  );
  SwaggerModule.setup(docsPath, app, document, { jsonDocumentUrl: `${docsPath}-json`, yamlDocumentUrl: `${docsPath}-yaml` });
}
