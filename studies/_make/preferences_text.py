"""Texts of preference-demo, written for Baseline Studio (no dataset text is reused).

The answers are by two illustrative "systems" that do not exist: each request has a better
and a worse answer (one with a factual slip, a missed point or the wrong tone), and two have
answers equally good. Which system wrote the better one changes from request to request.
"""

from __future__ import annotations

SYSTEM_1 = "demo-system-1"
SYSTEM_2 = "demo-system-2"

# (request, answer of demo-system-1, answer of demo-system-2, the better: 1, 2 or 0 for equal)
PAIRS = [
    ("Why do we see lightning before we hear thunder?",
     "Light travels about a million times faster than sound. The flash reaches you almost at "
     "once, while the sound covers only about a kilometre every three seconds, so the farther "
     "away the storm, the longer the gap.",
     "Because thunder is made after the lightning has finished, when the air cools down and "
     "snaps back into place. The cooling takes a few seconds, which is the delay you hear.",
     1),
    ("How long should I boil an egg for a runny yolk?",
     "About 6 minutes for a large egg lowered into water that is already boiling, then "
     "straight into cold water to stop the cooking.",
     "Eggs should be boiled for 12 to 15 minutes to be safe to eat.",
     1),
    ("What is a good way to remember the order of the planets?",
     "Picture them in a line and repeat their names every day until you know them.",
     "Use a sentence whose words start with the planets' first letters: \"My Very Educated "
     "Mother Just Served Us Nachos\" gives Mercury, Venus, Earth, Mars, Jupiter, Saturn, "
     "Uranus, Neptune.",
     2),
    ("Translate \"Where is the train station?\" into Spanish.",
     "¿Dónde está la estación de tren?",
     "¿Dónde está la estación de autobuses?",
     1),
    ("Can I water my houseplants with leftover coffee?",
     "Yes: coffee is an excellent fertiliser and every plant benefits from a cup a day.",
     "Now and then, if it is black, cold and diluted with as much water: a little acidity "
     "suits ferns and other acid-loving plants, but coffee with milk or sugar can rot the "
     "soil and draw pests.",
     2),
    ("Summarise in one sentence: \"The library will close at 5 pm on Friday for staff "
     "training and reopen at the usual time on Saturday.\"",
     "The library closes early, at 5 pm, on Friday for training and opens as usual on "
     "Saturday.",
     "The library will be closed on Friday and Saturday for staff training.",
     1),
    ("What is 15% of 80?",
     "12. Ten percent of 80 is 8 and five percent is 4, so fifteen percent is 8 + 4 = 12.",
     "15% of 80 is 12.",
     0),
    ("Write a friendly one-line reminder asking colleagues to clear out the office fridge.",
     "Clean the fridge. Anything left in it will be thrown away.",
     "Friendly reminder: the fridge is cleared out on Friday at 4 pm, so please label or take "
     "home anything you'd like to keep!",
     2),
    ("Is it safe to watch a solar eclipse through sunglasses?",
     "No. Ordinary sunglasses let through far too much light and can damage your eyes for "
     "good. Use certified eclipse glasses or make a pinhole projector.",
     "Yes, as long as they are dark sunglasses with UV protection and you only look for a few "
     "seconds at a time.",
     1),
    ("What does \"RSVP\" mean on an invitation?",
     "It stands for the French \"Répondez s'il vous plaît\", \"please reply\": the host asks "
     "you to say whether you will come.",
     "It means the event is formal and guests should dress smartly.",
     1),
    ("Give me a synonym for \"happy\" that suits a formal letter.",
     "\"Stoked\", as in \"I am stoked about your offer.\"",
     "\"Pleased\", as in \"I am pleased to accept your offer.\"",
     2),
    ("How many minutes are there in a day?",
     "1,440 (24 hours × 60 minutes).",
     "There are 1,440 minutes in a day: 24 hours of 60 minutes each.",
     0),
]

# Lines for the best-worst sets: (id, line, how vivid the author meant it, 0-1). The values
# only drive the made-up model picks; raters never see them.
LINES = [
    ("l01", "The kettle's breath fogs the cold kitchen window.", 0.9),
    ("l02", "Things were generally fine that year.", 0.1),
    ("l03", "A heron folds itself into the grey reeds.", 0.95),
    ("l04", "The evening was nice and quite pleasant.", 0.15),
    ("l05", "Rain stitches silver threads across the harbour lights.", 0.85),
    ("l06", "She felt some emotions about the situation.", 0.05),
    ("l07", "Bees argue softly in the lavender.", 0.8),
    ("l08", "The city was big and had many buildings.", 0.2),
    ("l09", "Frost writes its small white letters on the gate.", 0.75),
    ("l10", "He walked somewhere and then came back.", 0.1),
    ("l11", "The old dog dreams, his paws still running.", 0.7),
    ("l12", "The sky was a colour, maybe blue.", 0.3),
    ("l13", "Apples soften in a bowl of late September light.", 0.6),
]
