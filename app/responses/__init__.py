"""Answer models: moved to the kinds (`app.kinds.<kind>`, `app.kinds.state`); these modules
re-export them under their old paths while the widgets move over.
"""
