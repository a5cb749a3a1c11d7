import type { GarmentCategory } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The seller's studio workspace (issue 21): which garment and which model photos are in it, and
 * the prompt and garment category. One per seller, so any tab, and the browser after it was closed, opens the same one.
 * The crop, the masks and their status live with the garment and the photos themselves.
 */
@Entity({ name: 'workspaces' })
export class Workspace {
  @PrimaryColumn({ type: 'integer' }) userId: number;
  @Column({ type: 'integer', nullable: true }) garmentId: number | null;

  /** The model photos in the seller's order. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) modelIds: number[];
  @Column({ type: 'text', default: '' }) prompt: string;
  @Column({ type: 'text', default: 'upper_body' }) garmentCategory: GarmentCategory;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
