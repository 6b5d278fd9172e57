CREATE TABLE "roster_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"player_tag" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answer" text
);
--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roster_invitations_open_uq" ON "roster_invitations" USING btree ("roster_id","player_tag") WHERE "roster_invitations"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "roster_invitations_player_idx" ON "roster_invitations" USING btree ("player_tag","created_at");