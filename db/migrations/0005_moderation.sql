CREATE TABLE `moderation_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`target_role` text NOT NULL,
	`target_id` text NOT NULL,
	`ticket_id` text,
	`reason` text,
	`details` text,
	`once_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `moderators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_moderator_idx` ON `moderation_actions` (`moderator_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_target_idx` ON `moderation_actions` (`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_actions_once_unique` ON `moderation_actions` (`once_key`);--> statement-breakpoint
ALTER TABLE `mentors` ADD `applied_at` integer;--> statement-breakpoint
ALTER TABLE `mentors` ADD `rejected_at` integer;--> statement-breakpoint
ALTER TABLE `mentors` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `moderators` ADD `is_blocked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_note` text;