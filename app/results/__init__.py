"""Results: responses as tables, scores with each benchmark's own metric, agreement. No Qt."""
