-- Delivery-note numbers as backend/core/note_numbers.py defines them: letters upper-case. Imports before
-- that rule stored a note as written («r-1234»), which /remision, «remisión R-1234» and the PDF route,
-- all of which look up the canonical «R-1234», could no longer reach. Idempotent: a second run (or a
-- database imported after the rule) changes no row. Only ASCII notes are touched, where upper() is
-- exactly Python's str.upper() that the import applies; the movements' fingerprints are kept (the
-- import also recognises a line by the note as written: backend/importer/load.py).
UPDATE movements
   SET delivery_note = upper(delivery_note)
 WHERE delivery_note ~ '[a-z]'
   AND delivery_note ~ '^[A-Za-z0-9-]+$';
