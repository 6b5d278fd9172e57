ALTER TABLE "rosters" ADD COLUMN "chat_group_url" text;
