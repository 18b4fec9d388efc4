CREATE TABLE `email_proofs` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`secret_hash` text NOT NULL,
	`payload` text,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_proofs_user_idx` ON `email_proofs` (`user_role`,`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `socket_tickets` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `socket_tickets_expires_idx` ON `socket_tickets` (`expires_at`);--> statement-breakpoint
ALTER TABLE `mentees` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `mentors` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sensitive` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Profile links keep http(s) only: any other scheme (javascript:, data:, vbscript:, ...) is dropped.
UPDATE `mentors` SET `website` = NULL WHERE `website` IS NOT NULL AND lower(trim(`website`)) NOT LIKE 'https://%' AND lower(trim(`website`)) NOT LIKE 'http://%';--> statement-breakpoint
UPDATE `mentors` SET `twitter_url` = NULL WHERE `twitter_url` IS NOT NULL AND lower(trim(`twitter_url`)) NOT LIKE 'https://%' AND lower(trim(`twitter_url`)) NOT LIKE 'http://%';--> statement-breakpoint
UPDATE `mentors` SET `linkedin_url` = NULL WHERE `linkedin_url` IS NOT NULL AND lower(trim(`linkedin_url`)) NOT LIKE 'https://%' AND lower(trim(`linkedin_url`)) NOT LIKE 'http://%';--> statement-breakpoint
-- An account made by Google sign-in (no password) was proven by Google's verified e-mail.
UPDATE `mentees` SET `email_verified_at` = `created_at` WHERE `google_id` IS NOT NULL AND `password_hash` IS NULL;--> statement-breakpoint
-- Reset codes already delivered leave the database (outbox hygiene).
UPDATE `email_outbox` SET `sensitive` = 1 WHERE `subject` LIKE '%password reset code%';--> statement-breakpoint
UPDATE `email_outbox` SET `subject` = 'Your MentorLink password reset code', `body` = '[redacted after delivery]', `html` = NULL WHERE `sensitive` = 1 AND `sent_at` IS NOT NULL;
