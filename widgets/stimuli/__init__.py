"""Views of what a participant reads or looks at: text (incl. right-to-left), poems, sentence
pairs, a query with documents, cards, and images in a clinician's viewer."""
