"""The poems of poem-ratings-demo, all written for Baseline Studio.

Every poem here was written by the project for the demo. The author labels (a "human" demo
poet or a named demo model) are part of the illustration: they let the results view show the
human-vs-model comparison, and they are never shown to the rater.
"""

from __future__ import annotations

# (item id, form, theme, author type, author, text)
POEMS: list[tuple[str, str, str, str, str, str]] = [
    ("poem-01", "limerick", "a forgetful lighthouse keeper", "human", "demo-poet-1", """\
A keeper of lights by the bay
Kept forgetting the hour of day;
He would light up at noon,
Put it out for the moon,
And the ships simply sailed the wrong way."""),
    ("poem-02", "limerick", "a cat who learns to type", "llm", "demo-model-a", """\
A cat with a taste for the keys
Typed sonnets on fish and on fleas;
When her owner came home
He found half of a tome
And a cursor that purred, "If you please.\""""),
    ("poem-03", "sonnet", "a city at dawn", "human", "demo-poet-2", """\
Before the buses wake, the streets are grey,
and pigeons own the square like quiet kings;
a baker props his door to let the day
walk in on floury feet. A kettle sings
in flats above the shuttered corner store,
where someone's radio forgets the news
and hums instead. A cat patrols the floor
of an empty shelter, choosing what to choose.
Then light comes down the river like a hand
that smooths a sheet across a sleeping bed;
the towers blush, the cranes begin to stand,
the night shift yawns and turns its collar red.
   The city stretches, counts its coins, and then
   forgets that it was ever still again."""),
    ("poem-04", "sonnet", "learning to swim as an adult", "llm", "demo-model-b", """\
I came to water late, at forty-one,
with goggles pinching and a borrowed cap;
the children in the next lane, every one,
slid through the blue like letters through a gap.
The teacher said, "Just trust it. Let it hold."
I didn't. Twice I sank, and twice I rose,
a clumsy thing, all elbows, stiff and cold,
my breath a panic blowing through my nose.
But in the ninth week something in me gave:
I lay back and the ceiling drifted by,
the pool became a hand and not a grave,
and I was floating, looking at a sky
   of girders, steam and flickering white light,
   and it was nearly heaven, that one night."""),
    ("poem-05", "ballad", "a miner's daughter waiting", "human", "demo-poet-1", """\
The whistle blew at half past four,
the cage came up the shaft,
and every man who stepped outside
was black with coal, and laughed.

She stood beside the winding wheel,
her father's bread in hand,
and counted helmets, one by one,
the way you count the sand.

The cage went down a second time
and came up with the night;
the foreman took his helmet off
and would not meet her sight.

She left the bread upon the wheel
for sparrows or a ghost,
and walked home by the river path,
the long way, by the coast."""),
    ("poem-06", "ballad", "a travelling fiddler", "llm", "demo-model-c", """\
He came into the village square
with a fiddle on his back,
and played until the baker danced
and the cobbler lost his track.

He played for bread, he played for beer,
he played for a bed of hay;
he played the old men young again
and the young men old and grey.

At dawn the square was swept and bare,
his hat left on the stone,
and every house still hummed a tune
that no one called their own."""),
    ("poem-07", "ghazal", "a house after the move", "human", "demo-poet-2", """\
The rooms are empty, yet the walls keep all our voices still;
the nail where the mirror hung is holding something still.

I swept the floor and found a button from your winter coat,
a marble from a child who is not a child now, but still.

The garden gate complains the way it always did;
the lemon tree has not been told we left, and ripens still.

We signed the papers at a table miles from here.
Who signs away the morning light? The light comes still.

Call it a house, Mara, call it bricks and keys and rent;
you'll climb its stairs in dreams for years, and count them still."""),
    ("poem-08", "ghazal", "rain in the desert", "llm", "demo-model-a", """\
The sand keeps a long list of names for rain;
the wind recites it, calling out for rain.

A goatherd folds his cloak and reads the sky
the way a scholar reads a page on rain.

The riverbed, dry for seven years, lies still,
a mouth that has forgotten how to say rain.

Then thunder, and the children run outside
with bowls and pans and palms to catch the rain.

Tomorrow flowers nobody has seen
will open, brief as breath, and thank the rain."""),
    ("poem-09", "pantoum", "a grandmother's kitchen", "human", "demo-poet-1", """\
The kettle sang before the sun was up,
and flour dusted the sleeves of her blue dress;
she poured the tea into my chipped red cup
and hummed a song she never would confess.

And flour dusted the sleeves of her blue dress;
the radio reported rain in Spain.
She hummed a song she never would confess
while dough rose slowly by the windowpane.

The radio reported rain in Spain;
I learned my letters from the cereal box.
The dough rose slowly by the windowpane;
she timed the bread by neither bells nor clocks.

I learned my letters from the cereal box;
she poured the tea into my chipped red cup;
she timed the bread by neither bells nor clocks.
The kettle sang before the sun was up."""),
    ("poem-10", "pantoum", "a night train", "llm", "demo-model-b", """\
The night train hums across the sleeping plain;
its windows hold the strangers and their books.
A girl is writing letters in the rain.
The guard walks by, and no one ever looks.

Its windows hold the strangers and their books;
the carriage rocks like someone's patient arm.
The guard walks by, and no one ever looks;
a baby sleeps, and nothing comes to harm.

The carriage rocks like someone's patient arm;
the stations pass like names we used to know.
A baby sleeps, and nothing comes to harm;
the dark outside is soft with fallen snow.

The stations pass like names we used to know.
A girl is writing letters in the rain;
the dark outside is soft with fallen snow.
The night train hums across the sleeping plain."""),
    ("poem-11", "villanelle", "the tide", "human", "demo-poet-2", """\
The tide goes out and takes the light away;
the boats lie down like dogs upon the sand.
It brings it back before the end of day.

The gulls complain; the children stop their play
to chase the crabs that scuttle out of hand.
The tide goes out and takes the light away.

My father used to tell me, "Let it stay:
the sea is only borrowing the land.
It brings it back before the end of day."

He's gone now, and the harbour's turning grey,
and still I stand where he would always stand.
The tide goes out and takes the light away.

I've learned that what is taken, in its way,
comes home, though not the way we wished or planned:
it brings it back before the end of day.

So let the water go; it will obey
the moon, the dark, the pull of some far hand.
The tide goes out and takes the light away;
it brings it back before the end of day."""),
    ("poem-12", "villanelle", "a lost umbrella", "llm", "demo-model-c", """\
I left my black umbrella on the train;
it hung there like a bat beside the door.
It's off to see the world, and I see rain.

It's riding now through Lyon, or through Spain,
or resting on some distant station floor.
I left my black umbrella on the train.

I tell myself a thing cannot feel pain,
that it was cheap, that I had three before.
It's off to see the world, and I see rain.

I stand beneath the awning of the lane
and watch the gutters gossip, gush and pour.
I left my black umbrella on the train.

Perhaps a stranger holds it, proud and vain,
and strolls beneath it on a sunlit shore.
It's off to see the world, and I see rain.

Next time I'll tie it to my wrist with chain,
or buy a coat, or never leave the door.
I left my black umbrella on the train;
it's off to see the world, and I see rain."""),
    ("poem-13", "sestina", "moving to a new country", "llm", "demo-model-a", """\
We arrived with two suitcases at a stranger's door,
a bag of oranges, half a loaf of bread,
and the little we could carry of a language.
The flat was small; it had one narrow window
and a bell that did not know our name.
It was November. Everyone talked of winter.

I had read about winter
but not the way it waits outside the door
like a creditor who knows your name.
We learned the shop, the queue, the words for bread,
we learned the hour the sun leaves the window,
we learned to nod in a borrowed language.

My daughter caught the language
the way other children catch a cold in winter,
and brought it home and breathed it on the window.
Soon she was the one who answered the door,
who bargained for the cheaper, darker bread,
who spelled, for officials, our impossible name.

At school they shortened her name.
She let them. In her mouth the new language
was soft and warm as morning bread.
I kept the old one for the winter
evenings, when we locked the door
and the dark came pressing at the window.

Now there are geraniums in the window.
The postman, whistling, knows our name.
A neighbour's child comes knocking at the door
to borrow sugar in a mixture of each language.
We have come through a second winter,
and I have learned to bake their kind of bread.

Some nights I still dream of my mother's bread,
of a different light that fell through a different window,
of a sea that never heard of winter.
I wake, and for a moment lose my name,
then find it, folded into the new language
like a key left for me under the door.

So break the bread, and say it, say my name;
open the window, let in either language;
the winter knocks, but we have found the door."""),
]
