CREATE TABLE `open_user_rooms` (
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`tabs` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_role`, `user_id`)
);
