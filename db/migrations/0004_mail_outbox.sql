ALTER TABLE `email_outbox` ADD `html` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `claimed_until` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`sent_at`,`next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);