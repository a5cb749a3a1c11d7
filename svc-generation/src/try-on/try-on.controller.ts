import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiServiceUnavailableResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@vton/service-kit';
import { GenerateTryOnDto } from './dto/generate-try-on.dto.js';
import { TryOnService } from './try-on.service.js';

@ApiTags('try-on')
@ApiBearerAuth('bearer')
@Controller()
export class TryOnController {
  constructor(private readonly tryOn: TryOnService) {}

  @Post('/api/try-on/generate')
  @HttpCode(200)
  @ApiBadRequestResponse({ description: 'Invalid request; `issues` lists the fields.' })
  @ApiUnauthorizedResponse({ description: 'No valid token.' })
  @ApiServiceUnavailableResponse({ description: 'The try-on engine is not available.' })
  generate(@CurrentUser() user: AuthenticatedUser, @Body() request: GenerateTryOnDto) {
    return this.tryOn.generate(user, request);
  }
}
