"""Club mode on the web: the JSON API of a live duplicate session (:mod:`.api`), its roles and
passes (:mod:`.auth`), the sessions folded from their logs (:mod:`.service`) and their JSON (:mod:`.views`).

The pages (the table's phone, the director's console, the published results) are drawn on this API.
"""
