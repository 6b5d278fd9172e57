-- Reserved for event announcements to a chat webhook (issue #34); replaced by its migration.
SELECT 1;
