import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GarmentsModule } from '../garments/garments.module.js';
import { ModelsModule } from '../models/models.module.js';
import { Workspace } from './entities/workspace.entity.js';
import { WorkspaceController } from './workspace.controller.js';
import { WorkspaceService } from './workspace.service.js';

@Module({ imports: [TypeOrmModule.forFeature([Workspace]), GarmentsModule, ModelsModule], controllers: [WorkspaceController], providers: [WorkspaceService] })
export class WorkspaceModule {}
