import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_GARMENT_CATEGORY, type SaveWorkspaceRequest, type WorkspaceRecord } from '@vton/contracts';
import type { Repository } from 'typeorm';
import { GarmentsService } from '../garments/garments.service.js';
import { ModelsService } from '../models/models.service.js';
import { Workspace } from './entities/workspace.entity.js';

@Injectable()
export class WorkspaceService {
  constructor(
    @InjectRepository(Workspace) private readonly workspaces: Repository<Workspace>,
    private readonly garments: GarmentsService,
    private readonly models: ModelsService,
  ) {}

  /** The seller's workspace; an empty one before they ever saved. Photos or a garment deleted since are left out. */
  async get(userId: number): Promise<WorkspaceRecord> {
    const saved = await this.workspaces.findOneBy({ userId });
    if (!saved) return { garmentId: null, modelIds: [], prompt: '', garmentCategory: DEFAULT_GARMENT_CATEGORY, updatedAt: null };
    return this.toRecord(await this.ownedOnly(userId, saved));
  }

  /** Replaces the workspace; ids that are not the seller's (or no longer exist) are dropped, not refused. */
  async save(userId: number, request: SaveWorkspaceRequest): Promise<WorkspaceRecord> {
    const workspace = await this.ownedOnly(userId, {
      userId,
      garmentId: request.garmentId ?? null,
      modelIds: [...new Set(request.modelIds)],
      prompt: request.prompt,
      garmentCategory: request.garmentCategory ?? DEFAULT_GARMENT_CATEGORY,
      updatedAt: new Date(),
    });
    await this.workspaces.upsert(workspace, ['userId']);
    return this.toRecord(workspace);
  }

  private async ownedOnly(userId: number, workspace: Workspace): Promise<Workspace> {
    const garmentId = workspace.garmentId !== null && (await this.garments.isOwned(userId, workspace.garmentId)) ? workspace.garmentId : null;
    const owned = await this.models.ownedIds(userId, workspace.modelIds);
    return { ...workspace, garmentId, modelIds: workspace.modelIds.filter((id) => owned.has(id)) };
  }

  private toRecord(workspace: Workspace): WorkspaceRecord {
    return { garmentId: workspace.garmentId, modelIds: workspace.modelIds, prompt: workspace.prompt, garmentCategory: workspace.garmentCategory, updatedAt: workspace.updatedAt.toISOString() };
  }
}
