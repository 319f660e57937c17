"""Images for participants: a decoding cache with worker threads, a zoom/pan/contrast viewer,
and a side-by-side panel of viewers with one adjustment bar."""
