-- The feedbacks a report made whose search entry (words, vocabulary, FTS5 document) is not written
-- yet: the report's transaction only names them here, and the entry is written after its 201, in
-- the background or by the first search that needs it (search.ts). Every store of an earlier
-- version has written all of its entries already.
CREATE TABLE search_pending (ref INTEGER PRIMARY KEY);
