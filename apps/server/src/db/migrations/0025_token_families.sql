ALTER TABLE "auth_tokens" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "player_tokens" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "player_tokens_session_idx" ON "player_tokens" USING btree ("session_id");
