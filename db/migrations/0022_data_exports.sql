CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text DEFAULT 'preparing' NOT NULL,
	`origin` text NOT NULL,
	`object_key` text,
	`size_bytes` integer,
	`link_secret_hash` text,
	`ticket_hash` text,
	`ticket_expires_at` integer,
	`ready_at` integer,
	`expires_at` integer,
	`downloaded_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `data_exports_user_idx` ON `data_exports` (`user_role`,`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_one_preparing` ON `data_exports` (`user_role`,`user_id`) WHERE state = 'preparing';