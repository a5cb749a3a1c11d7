import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@vton/service-kit';

@ApiTags('accounts')
@ApiBearerAuth('bearer')
@Controller()
export class AccountsController {
  /** For now the user as the token names it; the accounts issue reads the users table. */
  @Get('/api/auth/me')
  @ApiOkResponse({ description: 'The signed-in user.' })
  @ApiUnauthorizedResponse({ description: 'No valid token.' })
  me(@CurrentUser() user: AuthenticatedUser): { user: AuthenticatedUser } {
    return { user };
  }
}
