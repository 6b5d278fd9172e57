-- The notice log (issue #34): one row per notice a user needs, written in the transaction of the
-- change that causes it. The socket (and later Web Push, e-mail) deliver these rows; a client that
-- reconnects re-reads them. Texts are a key and parameters, rendered in the reader's locale.
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"link" text NOT NULL,
	"text_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_created_idx" ON "notices" USING btree ("user_id","tenant","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "notices_user_unread_idx" ON "notices" USING btree ("user_id","tenant") WHERE "read_at" IS NULL;
