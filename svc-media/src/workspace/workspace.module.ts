import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { WorkspaceController } from './workspace.controller.js';
import { WorkspaceService } from './workspace.service.js';

@Module({ imports: [StorageModule], controllers: [WorkspaceController], providers: [WorkspaceService] })
export class WorkspaceModule {}
