"""One widget per response kind, each a thin view over its `app.responses` answer model."""
