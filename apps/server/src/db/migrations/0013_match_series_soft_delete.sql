ALTER TABLE "match_series" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "match_series_deleted_segment_idx" ON "match_series" USING btree ("segment_id","deleted_at") WHERE "match_series"."deleted_at" is not null;
