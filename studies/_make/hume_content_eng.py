"""English texts of hume-demo, written for Baseline Studio (no dataset text is reused)."""

from __future__ import annotations

# (text, gold emotion)
CLASSIFICATION = [
    ("I finally got the job offer this morning and I can't stop smiling.", "joy"),
    ("The house feels so empty since my grandmother passed away.", "sadness"),
    ("They cancelled my flight without notice and won't refund a cent.", "anger"),
    ("I heard footsteps downstairs, and I live alone.", "fear"),
    ("I opened the door and all my old classmates shouted my name.", "surprise"),
    ("Every morning she hides a little note in my lunch bag, and I keep every one.", "love"),
    ("We won the regional final in the last minute of the game!", "joy"),
    ("I waited at the station for hours, but he never came.", "sadness"),
    ("My neighbour keeps parking across my driveway after I asked him nicely three times.",
     "anger"),
    ("The doctor wants to see me again to talk about the test results.", "fear"),
    ("I had no idea my quiet coworker was a famous jazz pianist.", "surprise"),
    ("Holding my daughter's tiny hand for the first time, I knew I would do anything for her.",
     "love"),
    ("The garden is finally in bloom and the whole street smells of jasmine.", "joy"),
    ("Nobody remembered my birthday this year.", "sadness"),
    ("How dare they publish my private letters without asking me!", "anger"),
    ("The plane dropped suddenly and the cabin lights went out.", "fear"),
    ("A letter arrived from a brother I never knew I had.", "surprise"),
    ("After forty years together they still hold hands on the way to the market.", "love"),
    ("I keep rereading his last message, wishing I had answered it.", "sadness"),
    ("The printer jammed again five minutes before the deadline, and support just laughed.",
     "anger"),
]

# (sentence 1, sentence 2, gold similarity 0-5)
STS = [
    ("A man is slicing a tomato on a wooden board.", "Someone is cutting a tomato.", 4.5),
    ("The children are playing football in the park.",
     "Kids are kicking a ball around on the grass.", 4.5),
    ("A woman is reading a newspaper on the train.", "A woman is sleeping on the train.", 2.0),
    ("The cat is sitting on the windowsill.", "A dog is barking at the postman.", 0.5),
    ("The meeting has been moved to Thursday afternoon.",
     "The meeting will now take place on Thursday afternoon.", 5.0),
    ("He bought a red bicycle for his son.", "He sold his son's old red bicycle.", 2.5),
    ("Heavy rain caused flooding in the city centre.",
     "The city centre flooded after a storm.", 4.0),
    ("The museum is closed on Mondays.",
     "You can visit the museum every day except Monday.", 5.0),
    ("A girl is playing the violin on stage.", "A girl is playing the piano on stage.", 3.0),
    ("The price of bread went up again this month.", "Bread got more expensive this month.", 4.5),
    ("Two men are fishing from a small boat.", "Two men are painting a small boat.", 1.5),
    ("She forgot her umbrella at the restaurant.", "She left her umbrella behind at the cafe.",
     4.0),
    ("The river freezes every winter.", "The company announced record profits.", 0.0),
    ("A chef is stirring soup in a large pot.", "A cook stirs a big pot of soup.", 5.0),
    ("The train to Leeds is twenty minutes late.",
     "The train to Leeds left twenty minutes early.", 2.0),
    ("A woman is planting flowers in the garden.",
     "A woman is watering the flowers in her garden.", 3.0),
    ("The students are taking an exam.", "The teacher is marking the students' exams.", 2.5),
    ("A boy is climbing a tall tree.", "A boy climbs up a tree.", 4.5),
    ("The library has a new collection of maps.", "There is a storm warning for the coast.", 0.0),
    ("He apologised for arriving late.", "He said sorry for being late.", 5.0),
]

# (query, relevant documents, not relevant documents): 7 documents each
RERANKING = [
    ("how long to boil an egg for a runny yolk", [
        "For a soft egg with a runny yolk, boil it for about six minutes, then cool it in cold "
        "water.",
        "Lower the egg into boiling water and take it out after five or six minutes if you "
        "like the yolk liquid.",
    ], [
        "Chickens lay more eggs when the days are long.",
        "Egg whites can be whipped into a stiff foam for meringue.",
        "Keep eggs in the fridge, not in the door where the temperature changes.",
        "A pressure cooker shortens the cooking time of dried beans.",
        "Duck eggs are larger than hen's eggs and have a richer yolk.",
    ]),
    ("symptoms of dehydration", [
        "Thirst, dark yellow urine, dizziness and tiredness are common signs that the body "
        "lacks water.",
        "A dry mouth, a headache and passing little urine can mean you are dehydrated.",
    ], [
        "Coffee in the evening can make it hard to fall asleep.",
        "Camels can go for many days without drinking.",
        "Sea water is too salty to drink safely.",
        "Humidity is the amount of water vapour in the air.",
        "Some athletes weigh themselves before and after training.",
    ]),
    ("why is the sky blue", [
        "Air molecules scatter sunlight, and they scatter blue light much more than red, so the "
        "sky looks blue.",
        "The blue of the daytime sky comes from Rayleigh scattering of short wavelengths.",
    ], [
        "The sea looks blue partly because water absorbs red light.",
        "Blue whales are the largest animals that have ever lived.",
        "Painters mix blue and yellow to get green.",
        "Mars has a thin atmosphere made mostly of carbon dioxide.",
        "Clouds are made of tiny droplets of water or ice.",
    ]),
    ("how to remove a red wine stain from a carpet", [
        "Blot the wine with a clean cloth, cover the stain with salt or baking soda and vacuum "
        "it once dry.",
        "Mix a spoon of washing-up liquid and a spoon of white vinegar in warm water and dab it "
        "onto the stain.",
        "Pour a little cold water on a fresh wine spill and blot it; never rub, or the stain "
        "spreads.",
    ], [
        "Red wine is made from dark-skinned grapes.",
        "Wool carpets are warmer underfoot than synthetic ones.",
        "Older red wines are decanted to leave the sediment behind.",
        "Vacuum a carpet at least once a week to keep it clean.",
    ]),
    ("best time to plant tulip bulbs", [
        "Plant tulip bulbs in autumn, a few weeks before the ground freezes.",
        "Tulips need a cold spell, so the bulbs go in between September and November in the "
        "northern hemisphere.",
    ], [
        "Tulip bulbs were once so prized in the Netherlands that they sold for fortunes.",
        "Cut tulips keep growing in the vase.",
        "Roses are pruned in late winter.",
        "Onions are grown from bulbs too.",
        "Water house plants less often in winter.",
    ]),
    ("what is the capital of Australia", [
        "Canberra is the capital city of Australia.",
    ], [
        "Sydney is Australia's largest city.",
        "Australia is both a country and a continent.",
        "Melbourne hosted the federal parliament in the country's early years.",
        "The kangaroo appears on Australia's coat of arms.",
        "Wellington is the capital of New Zealand.",
        "Australia has six states and two mainland territories.",
    ]),
    ("how to fix a bicycle puncture", [
        "Take the tyre off, find the hole in the inner tube, roughen the rubber around it, apply "
        "glue and press a patch on.",
        "Pump up the inner tube and hold it under water: bubbles show where the puncture is.",
    ], [
        "Cycling to work is good for your heart.",
        "Road bikes have thinner tyres than mountain bikes.",
        "Oil the chain every few hundred kilometres.",
        "The first bicycles had no pedals.",
        "Wear a helmet and bright clothes when riding at night.",
    ]),
    ("side effects of too much caffeine", [
        "Too much caffeine can cause a racing heart, jitters, poor sleep and an upset stomach.",
        "More than about 400 mg of caffeine a day may bring anxiety, headaches and insomnia.",
    ], [
        "Coffee beans are the seeds of a cherry-like fruit.",
        "Green tea usually contains less caffeine than coffee.",
        "Espresso is made by forcing hot water through finely ground coffee.",
        "Brazil grows more coffee than any other country.",
        "Decaffeinated coffee still contains a little caffeine.",
    ]),
]

# gold group -> texts (6 each, 24 in all)
CLUSTERING = {
    "sport": [
        "The striker scored twice in the second half.",
        "She won gold in the 400 metres freestyle.",
        "The match was stopped after the goalkeeper was hurt.",
        "Our team lost the final on penalties.",
        "He has run three marathons this year.",
        "The tennis final went to a fifth set.",
    ],
    "cooking": [
        "Fry the onions slowly until they turn golden.",
        "Add a pinch of salt to the pasta water.",
        "Let the dough rest for an hour before baking.",
        "Roast the peppers until the skins blacken.",
        "Whisk the eggs with a little milk.",
        "Simmer the lentils for twenty minutes.",
    ],
    "weather": [
        "Strong winds are expected along the coast tonight.",
        "Tomorrow will be sunny with a high of 24 degrees.",
        "Fog may delay flights in the morning.",
        "Snow is likely on the hills by the weekend.",
        "A thunderstorm warning covers the whole region.",
        "The heatwave will break on Thursday.",
    ],
    "technology": [
        "The new phone charges fully in thirty minutes.",
        "Restart the router if the connection keeps dropping.",
        "The update fixes a bug in the camera app.",
        "Back up your files before installing the new system.",
        "The laptop's battery lasts about ten hours.",
        "Two-factor sign-in protects your account.",
    ],
}

PRACTICE_CLASSIFICATION = ("My best friend is moving to another country next week.", "sadness")
PRACTICE_STS = ("The shop opens at nine.", "The store opens at 9 o'clock.", 5.0)
