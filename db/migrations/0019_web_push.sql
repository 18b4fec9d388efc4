CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_role` text NOT NULL,
	`owner_id` text NOT NULL,
	`sign_in_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_success_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_owner_idx` ON `push_subscriptions` (`owner_role`,`owner_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`owner_role` text NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`in_app` integer DEFAULT true NOT NULL,
	`email` integer DEFAULT true NOT NULL,
	`push` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`owner_role`, `owner_id`, `kind`)
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `kind` text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `muted_at` integer;--> statement-breakpoint
UPDATE `notifications` SET `kind` = 'message' WHERE `type` = 'message';
