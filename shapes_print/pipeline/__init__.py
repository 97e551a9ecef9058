"""Build: the whole pipeline over one request, load -> kit -> plan -> render -> write.

Input: the content, templates and label-set folders, the games, player counts, papers and
options asked for. Output: kits written into the output folder (or, for `check`, only
loaded and planned), with what each build read; and PNG previews of the pages built.
"""
