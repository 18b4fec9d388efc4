-- Full-text index over mentors (visibility is filtered at query time). FTS rows are keyed by
-- `mentor_search_keys.id`, an INTEGER PRIMARY KEY that VACUUM never renumbers (a plain rowid of
-- `mentors` could change), so every trigger touches one row by key, never by scan.
CREATE TABLE `mentor_search_keys` (
  `id` integer PRIMARY KEY,
  `mentor_id` text NOT NULL UNIQUE REFERENCES `mentors`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `mentor_search` USING fts5(`name`, `job_title`, `firm_name`, `skills`, `bio`, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `mentor_search_keys`(`mentor_id`) SELECT `id` FROM `mentors`;
--> statement-breakpoint
INSERT INTO `mentor_search`(rowid, `name`, `job_title`, `firm_name`, `skills`, `bio`)
  SELECT k.id, m.first_name || ' ' || m.last_name, m.job_title, m.firm_name,
    coalesce((SELECT group_concat(s.name, ' ') FROM mentor_skills s WHERE s.mentor_id = m.id), ''), m.bio
  FROM mentors m JOIN mentor_search_keys k ON k.mentor_id = m.id;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_insert` AFTER INSERT ON `mentors` BEGIN
  INSERT INTO `mentor_search_keys`(`mentor_id`) VALUES (new.id);
  INSERT INTO `mentor_search`(rowid, `name`, `job_title`, `firm_name`, `skills`, `bio`)
  VALUES (last_insert_rowid(), new.first_name || ' ' || new.last_name, new.job_title, new.firm_name, '', new.bio);
END;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_update` AFTER UPDATE OF `first_name`, `last_name`, `job_title`, `firm_name`, `bio` ON `mentors` BEGIN
  UPDATE `mentor_search` SET `name` = new.first_name || ' ' || new.last_name, `job_title` = new.job_title,
    `firm_name` = new.firm_name, `bio` = new.bio
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_delete` BEFORE DELETE ON `mentors` BEGIN
  DELETE FROM `mentor_search` WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.id);
  DELETE FROM `mentor_search_keys` WHERE `mentor_id` = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `mentor_skills_search_insert` AFTER INSERT ON `mentor_skills` BEGIN
  UPDATE `mentor_search` SET `skills` = coalesce((SELECT group_concat(name, ' ') FROM mentor_skills WHERE mentor_id = new.mentor_id), '')
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.mentor_id);
END;
--> statement-breakpoint
CREATE TRIGGER `mentor_skills_search_delete` AFTER DELETE ON `mentor_skills` BEGIN
  UPDATE `mentor_search` SET `skills` = coalesce((SELECT group_concat(name, ' ') FROM mentor_skills WHERE mentor_id = old.mentor_id), '')
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.mentor_id);
END;
