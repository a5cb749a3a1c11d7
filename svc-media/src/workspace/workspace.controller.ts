import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WorkspaceRecord } from '@vton/contracts';
import { CurrentUser, type AuthenticatedUser } from '@vton/service-kit';
import { SaveWorkspaceDto } from './dto/workspace.dto.js';
import { WorkspaceService } from './workspace.service.js';

/** The studio's workspace of the signed-in seller (browser only: no API key scope). */
@ApiTags('Studio workspace')
@Controller('/api/media/workspace')
export class WorkspaceController {
  constructor(private readonly workspace: WorkspaceService) {}

  @Get()
  @ApiOperation({ operationId: 'getWorkspace', summary: 'Your studio workspace', description: 'The garment, the model photos (in order) and the prompt the studio last had.' })
  get(@CurrentUser() user: AuthenticatedUser): Promise<WorkspaceRecord> {
    return this.workspace.get(user.id);
  }

  @Put()
  @ApiOperation({ operationId: 'saveWorkspace', summary: 'Save your studio workspace' })
  @ApiBadRequestResponse({ description: 'Ids that are not whole numbers, too many photos, or a prompt over 10000 characters.' })
  save(@CurrentUser() user: AuthenticatedUser, @Body() body: SaveWorkspaceDto): Promise<WorkspaceRecord> {
    return this.workspace.save(user.id, body);
  }
}
