CREATE TABLE `account_deletions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`pseudonym` text NOT NULL,
	`requested_at` integer NOT NULL,
	`erase_after` integer NOT NULL,
	`paused_at` integer,
	`paused_by` text,
	`restored_at` integer,
	`erased_at` integer,
	`origin` text NOT NULL,
	`cancelled_for_him` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_deletions_user_idx` ON `account_deletions` (`user_role`,`user_id`);--> statement-breakpoint
CREATE INDEX `account_deletions_due_idx` ON `account_deletions` (`state`,`erase_after`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_one_open` ON `account_deletions` (`user_role`,`user_id`) WHERE state in ('pending', 'paused');