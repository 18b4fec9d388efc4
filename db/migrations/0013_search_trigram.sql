-- Typo-tolerant mentor search: an FTS5 trigram index beside the word index of 0001, over
-- what people look a mentor up by (name, job title, skills; not the long bio, whose many trigrams
-- would match almost anything). The search service asks it only when the word index finds little,
-- and scores a row by how many of the typed word's trigrams it holds. Rows share the keys of
-- `mentor_search_keys`; the triggers of 0001 are replaced by ones keeping both indexes in step.
CREATE VIRTUAL TABLE `mentor_search_trigram` USING fts5(`text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `mentor_search_trigram`(rowid, `text`)
  SELECT k.id, lower(m.first_name || ' ' || m.last_name || ' | ' || m.job_title || ' | ' ||
    coalesce((SELECT group_concat(s.name, ', ') FROM mentor_skills s WHERE s.mentor_id = m.id), ''))
  FROM mentors m JOIN mentor_search_keys k ON k.mentor_id = m.id;
--> statement-breakpoint
DROP TRIGGER `mentors_search_insert`;
--> statement-breakpoint
DROP TRIGGER `mentors_search_update`;
--> statement-breakpoint
DROP TRIGGER `mentors_search_delete`;
--> statement-breakpoint
DROP TRIGGER `mentor_skills_search_insert`;
--> statement-breakpoint
DROP TRIGGER `mentor_skills_search_delete`;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_insert` AFTER INSERT ON `mentors` BEGIN
  INSERT INTO `mentor_search_keys`(`mentor_id`) VALUES (new.id);
  INSERT INTO `mentor_search`(rowid, `name`, `job_title`, `firm_name`, `skills`, `bio`)
  VALUES (last_insert_rowid(), new.first_name || ' ' || new.last_name, new.job_title, new.firm_name, '', new.bio);
  INSERT INTO `mentor_search_trigram`(rowid, `text`)
  VALUES ((SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.id), lower(new.first_name || ' ' || new.last_name || ' | ' || new.job_title || ' | '));
END;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_update` AFTER UPDATE OF `first_name`, `last_name`, `job_title`, `firm_name`, `bio` ON `mentors` BEGIN
  UPDATE `mentor_search` SET `name` = new.first_name || ' ' || new.last_name, `job_title` = new.job_title,
    `firm_name` = new.firm_name, `bio` = new.bio
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.id);
  UPDATE `mentor_search_trigram` SET `text` = lower(new.first_name || ' ' || new.last_name || ' | ' || new.job_title || ' | ' ||
    coalesce((SELECT group_concat(name, ', ') FROM mentor_skills WHERE mentor_id = new.id), ''))
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `mentors_search_delete` BEFORE DELETE ON `mentors` BEGIN
  DELETE FROM `mentor_search` WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.id);
  DELETE FROM `mentor_search_trigram` WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.id);
  DELETE FROM `mentor_search_keys` WHERE `mentor_id` = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `mentor_skills_search_insert` AFTER INSERT ON `mentor_skills` BEGIN
  UPDATE `mentor_search` SET `skills` = coalesce((SELECT group_concat(name, ' ') FROM mentor_skills WHERE mentor_id = new.mentor_id), '')
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.mentor_id);
  UPDATE `mentor_search_trigram` SET `text` = (SELECT lower(m.first_name || ' ' || m.last_name || ' | ' || m.job_title || ' | ' ||
    coalesce((SELECT group_concat(s.name, ', ') FROM mentor_skills s WHERE s.mentor_id = m.id), '')) FROM mentors m WHERE m.id = new.mentor_id)
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = new.mentor_id);
END;
--> statement-breakpoint
CREATE TRIGGER `mentor_skills_search_delete` AFTER DELETE ON `mentor_skills` BEGIN
  UPDATE `mentor_search` SET `skills` = coalesce((SELECT group_concat(name, ' ') FROM mentor_skills WHERE mentor_id = old.mentor_id), '')
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.mentor_id);
  UPDATE `mentor_search_trigram` SET `text` = (SELECT lower(m.first_name || ' ' || m.last_name || ' | ' || m.job_title || ' | ' ||
    coalesce((SELECT group_concat(s.name, ', ') FROM mentor_skills s WHERE s.mentor_id = m.id), '')) FROM mentors m WHERE m.id = old.mentor_id)
  WHERE rowid = (SELECT `id` FROM `mentor_search_keys` WHERE `mentor_id` = old.mentor_id);
END;
--> statement-breakpoint
-- How fast each mentor answers in chat, for the "response time" sort: every mentor message
-- that answers a mentee adds the time since the first mentee message it answers (capped at 3 days,
-- so one forgotten thread does not swamp the average). Kept by a trigger on messages; read per mentor.
CREATE TABLE `mentor_reply_stats` (
  `mentor_id` text PRIMARY KEY NOT NULL REFERENCES `mentors`(`id`) ON DELETE CASCADE,
  `replies` integer NOT NULL,
  `reply_ms_sum` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `mentor_reply_stats`(`mentor_id`, `replies`, `reply_ms_sum`)
  SELECT c.mentor_id, count(*), sum(min(r.created_at - r.waited_since, 259200000))
  FROM (
    SELECT m.conversation_id, m.created_at, (
      SELECT q.created_at FROM messages q
      WHERE q.conversation_id = m.conversation_id AND q.sender_type = 'mentee' AND q.created_at <= m.created_at
        AND q.created_at > coalesce((SELECT p.created_at FROM messages p WHERE p.conversation_id = m.conversation_id
          AND p.sender_type = 'mentor' AND p.created_at < m.created_at ORDER BY p.created_at DESC LIMIT 1), -1)
      ORDER BY q.created_at LIMIT 1) AS waited_since
    FROM messages m WHERE m.sender_type = 'mentor'
  ) r JOIN conversations c ON c.id = r.conversation_id
  WHERE r.waited_since IS NOT NULL
  GROUP BY c.mentor_id;
--> statement-breakpoint
CREATE TRIGGER `messages_reply_stats` AFTER INSERT ON `messages` WHEN new.sender_type = 'mentor' BEGIN
  INSERT INTO `mentor_reply_stats`(`mentor_id`, `replies`, `reply_ms_sum`)
  SELECT c.mentor_id, 1, min(new.created_at - w.waited_since, 259200000)
  FROM conversations c, (
    SELECT q.created_at AS waited_since FROM messages q
    WHERE q.conversation_id = new.conversation_id AND q.sender_type = 'mentee' AND q.created_at <= new.created_at
      AND q.created_at > coalesce((SELECT p.created_at FROM messages p WHERE p.conversation_id = new.conversation_id
        AND p.sender_type = 'mentor' AND p.id <> new.id AND p.created_at <= new.created_at ORDER BY p.created_at DESC LIMIT 1), -1)
    ORDER BY q.created_at LIMIT 1
  ) w
  WHERE c.id = new.conversation_id
  ON CONFLICT(`mentor_id`) DO UPDATE SET `replies` = `replies` + 1, `reply_ms_sum` = `reply_ms_sum` + excluded.`reply_ms_sum`;
END;
