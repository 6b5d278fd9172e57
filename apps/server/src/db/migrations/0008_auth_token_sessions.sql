ALTER TABLE "auth_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "auth_tokens_session_idx" ON "auth_tokens" USING btree ("session_id");