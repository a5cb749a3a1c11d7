import { Injectable } from '@nestjs/common';
import { DEFAULT_GARMENT_CATEGORY, type SaveWorkspaceRequest, type WorkspaceRecord } from '@vton/contracts';
import { In } from 'typeorm';
import { MediaRepositories } from '../common/media-repositories.js';
import { Workspace } from './entities/workspace.entity.js';

@Injectable()
export class WorkspaceService {
  constructor(private readonly db: MediaRepositories) {}

  /** The seller's workspace; an empty one before they ever saved. Photos or a garment deleted since are left out. */
  async get(userId: number): Promise<WorkspaceRecord> {
    const saved = await this.db.workspaces.findOneBy({ userId });
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
    await this.db.workspaces.upsert(workspace, ['userId']);
    return this.toRecord(workspace);
  }

  private async ownedOnly(userId: number, workspace: Workspace): Promise<Workspace> {
    const garmentId = workspace.garmentId !== null && (await this.db.garments.existsBy({ id: workspace.garmentId, userId })) ? workspace.garmentId : null;
    const owned = workspace.modelIds.length
      ? new Set((await this.db.models.find({ where: { userId, id: In(workspace.modelIds) }, select: { id: true } })).map((m) => m.id))
      : new Set<number>();
    return { ...workspace, garmentId, modelIds: workspace.modelIds.filter((id) => owned.has(id)) };
  }

  private toRecord(workspace: Workspace): WorkspaceRecord {
    return { garmentId: workspace.garmentId, modelIds: workspace.modelIds, prompt: workspace.prompt, garmentCategory: workspace.garmentCategory, updatedAt: workspace.updatedAt.toISOString() };
  }
}
