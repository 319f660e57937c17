"""Moved to `app.session.presentation` (which computes the shown entries) and the kinds'
`Kind.answer_state`; re-exported while the widgets move over.

    state = state_for(question, trial_view)                # clock=time.monotonic_ns
    state = state_for(question, trial_view, clock=fake)    # tests
"""

from app.session.presentation import shown_entries, state_for

__all__ = ["shown_entries", "state_for"]
