ALTER TABLE "sim_wars" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_wars" ADD COLUMN "next_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_wars" ADD COLUMN "delivery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_wars_undelivered_idx" ON "sim_wars" USING btree ("next_delivery_at") WHERE "sim_wars"."status" = 'finished' and "sim_wars"."delivered_at" is null;--> statement-breakpoint
-- Wars finished before the outbox existed are delivered once more (recording is idempotent), so a
-- result lost before this migration is recorded too.
UPDATE "sim_wars" SET "next_delivery_at" = "finished_at" WHERE "status" = 'finished';