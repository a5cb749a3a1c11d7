import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';

@ApiTags('models')
@ApiBearerAuth('bearer')
@Controller()
export class ModelsController {
  /** The signed-in user's model photos; the media issue fills this from the models table. */
  @Get('/api/models')
  @ApiOkResponse({ description: 'Model photos of the signed-in user.' })
  list(): unknown[] {
    return [];
  }
}
