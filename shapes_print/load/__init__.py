"""Load stage: the files a user hands us, into validated, typed models.

Input: content/ (games, decks, sheets, pictures, spreadsheets), templates/ (card layouts,
paper, print settings, shape libraries) and labels/ (label sets), plus the command line's
print options. Output: `Library` and `LoadedGame` models whose every value remembers the
file, line and column it came from, so an error can name them. Nothing is drawn here.
"""
