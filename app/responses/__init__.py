"""Answer models: the state of one question's answer while a participant works on it.

Qt-free; each response kind's widget (`widgets.responses`) is a thin view over one of these.
"""
