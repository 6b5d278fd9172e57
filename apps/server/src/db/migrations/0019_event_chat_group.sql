ALTER TABLE "events" ADD COLUMN "chat_group_url" text;
