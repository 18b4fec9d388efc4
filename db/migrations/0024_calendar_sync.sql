CREATE TABLE `calendar_busy` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`remote_event_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `calendar_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_busy_mentor_start_idx` ON `calendar_busy` (`mentor_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `calendar_busy_event_idx` ON `calendar_busy` (`source_id`,`remote_event_id`);--> statement-breakpoint
CREATE TABLE `calendar_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`provider` text NOT NULL,
	`account_label` text NOT NULL,
	`server_url` text,
	`origin` text,
	`credentials` text NOT NULL,
	`state` text DEFAULT 'ok' NOT NULL,
	`failed_at` integer,
	`last_synced_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_connections_account` ON `calendar_connections` (`mentor_id`,`provider`,`account_label`);--> statement-breakpoint
CREATE TABLE `calendar_session_events` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`mentor_id` text NOT NULL,
	`source_id` text,
	`ref` text,
	`version` integer DEFAULT 1 NOT NULL,
	`written_version` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`queued_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `calendar_sources`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `calendar_session_events_pending_idx` ON `calendar_session_events` (`written_version`,`version`);--> statement-breakpoint
CREATE TABLE `calendar_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`mentor_id` text NOT NULL,
	`remote_id` text NOT NULL,
	`name` text NOT NULL,
	`writable` integer DEFAULT false NOT NULL,
	`counts_as_busy` integer DEFAULT false NOT NULL,
	`writes_sessions` integer DEFAULT false NOT NULL,
	`sync_state` text,
	`last_pulled_at` integer,
	`pull_queued_at` integer,
	`missing_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `calendar_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_sources_remote` ON `calendar_sources` (`connection_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `calendar_sources_mentor_idx` ON `calendar_sources` (`mentor_id`);--> statement-breakpoint
CREATE INDEX `calendar_sources_due_idx` ON `calendar_sources` (`counts_as_busy`,`pull_queued_at`);