ALTER TABLE `messages` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client_unique` ON `messages` (`sender_type`,`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `messages_sender_created_idx` ON `messages` (`sender_type`,`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`conversation_id`,`sender_type`,`read_at`);