"""Pieces several kinds' widgets share: option buttons, key hints and decoding (common), the
answer states' words in the participant's language (core_words), and the clustering board's
cards, columns and mouse drag (clustering_parts, card_drag)."""
