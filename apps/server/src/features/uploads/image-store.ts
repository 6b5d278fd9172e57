import { API } from '@cwh/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storedImages } from '../../db/schema/index.js';
import type { CheckedImage, ImageType } from './image-check.js';

export type ImageSlot = 'avatar' | 'profile';

export interface StoredImageMeta {
  id: string;
  userId: string;
  slot: ImageSlot;
  contentType: ImageType;
  width: number;
  height: number;
  byteSize: number;
  createdAt: Date;
}

/**
 * Where uploaded images live. The database implementation below lets every instance serve every
 * image without shared disks; an object store would implement the same four calls.
 */
export interface ImageStore {
  /** Replaces the user's image of that slot; the new image gets a new id (and so a new URL). */
  put(
    userId: string,
    slot: ImageSlot,
    image: CheckedImage,
    at: Date,
    tx?: Executor,
  ): Promise<StoredImageMeta>;
  /** The removed image, or null when there was none. */
  remove(userId: string, slot: ImageSlot, tx?: Executor): Promise<StoredImageMeta | null>;
  read(id: string): Promise<(StoredImageMeta & { bytes: Buffer }) | null>;
  metaOf(userIds: string[], tx?: Executor): Promise<StoredImageMeta[]>;
}

/** The stable address an image is served from (GET, cacheable for ever: a new upload, a new id). */
export const imageUrl = (id: string) => `${API.users}/avatars/${id}`;

const meta = {
  id: storedImages.id,
  userId: storedImages.userId,
  slot: storedImages.slot,
  contentType: storedImages.contentType,
  width: storedImages.width,
  height: storedImages.height,
  byteSize: storedImages.byteSize,
  createdAt: storedImages.createdAt,
};
const asMeta = (row: Omit<StoredImageMeta, 'contentType'> & { contentType: string }) =>
  row as StoredImageMeta;

export function createDatabaseImageStore(db: Executor): ImageStore {
  return {
    async put(userId, slot, image, at, tx = db) {
      await tx.delete(storedImages).where(and(eq(storedImages.userId, userId), eq(storedImages.slot, slot)));
      const rows = await tx
        .insert(storedImages)
        .values({
          userId,
          slot,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          byteSize: image.bytes.length,
          bytes: image.bytes,
          createdAt: at,
        })
        .returning(meta);
      return asMeta(rows[0]!);
    },

    async remove(userId, slot, tx = db) {
      const rows = await tx
        .delete(storedImages)
        .where(and(eq(storedImages.userId, userId), eq(storedImages.slot, slot)))
        .returning(meta);
      return rows[0] ? asMeta(rows[0]) : null;
    },

    async read(id) {
      const rows = await db
        .select({ ...meta, bytes: storedImages.bytes })
        .from(storedImages)
        .where(eq(storedImages.id, id))
        .limit(1);
      return rows[0] ? (rows[0] as StoredImageMeta & { bytes: Buffer }) : null;
    },

    async metaOf(userIds, tx = db) {
      if (userIds.length === 0) return [];
      const rows = await tx.select(meta).from(storedImages).where(inArray(storedImages.userId, userIds));
      return rows.map(asMeta);
    },
  };
}

/** avatar.default and the first profile's avatar.template of GET /user (spec §3 User). */
export async function avatarUrlsOf(store: ImageStore, userId: string) {
  const images = await store.metaOf([userId]);
  const url = (slot: ImageSlot) => {
    const image = images.find((i) => i.slot === slot);
    return image ? imageUrl(image.id) : null;
  };
  return { avatar: url('avatar'), profile: url('profile') };
}
