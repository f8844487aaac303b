"""MovieService over a fixed catalog: every answer is a function of the request alone.

Imported after codegen.load("pyservice") has put the generated code on sys.path.
"""

import grpc
from pyservice.v1 import common_pb2, movies_pb2, movies_pb2_grpc

DEFAULT_PAGE_SIZE = 5
Genre = common_pb2.Genre


def _movie(movie_id, title, year, genre, running_time, premiered_at, rating, cast, tag_line=None):
    movie = movies_pb2.Movie(
        movie_id=movie_id,
        title=title,
        release_year=year,
        genre=genre,
        imdb_rating=rating,
        cast_members=[common_pb2.Person(full_name=name, birth_year=born) for name, born in cast],
    )
    movie.running_time.FromJsonString(running_time)
    movie.premiered_at.FromJsonString(premiered_at)
    if tag_line is not None:
        movie.tag_line = tag_line
    return movie


CATALOG = [
    _movie("m-001", "Metropolis", 1927, Genre.GENRE_SCIENCE_FICTION, "9180s", "1927-01-10T00:00:00Z", 8.3,
           [("Brigitte Helm", 1906)], "The mediator between head and hands must be the heart!"),
    _movie("m-002", "Modern Times", 1936, Genre.GENRE_COMEDY, "5220s", "1936-02-05T00:00:00Z", 8.5,
           [("Charlie Chaplin", 1889), ("Paulette Goddard", 1910)]),
    _movie("m-003", "Amélie", 2001, Genre.GENRE_COMEDY, "7320s", "2001-04-25T00:00:00Z", 8.3,
           [("Audrey Tautou", 1976)], "Elle va changer votre vie."),
    _movie("m-004", "千と千尋の神隠し", 2001, Genre.GENRE_ANIMATION, "7500s", "2001-07-20T00:00:00Z", 8.6,
           [("柊瑠美", 1987)]),
    _movie("m-005", "2001: A Space Odyssey", 1968, Genre.GENRE_SCIENCE_FICTION, "8940s", "1968-04-02T00:00:00Z", 8.3,
           [("Keir Dullea", 1936)], "An epic drama of adventure and exploration"),
    # tag_line set to "": present, so printed even without emitting defaults.
    _movie("m-006", "Casablanca", 1942, Genre.GENRE_DRAMA, "6120s", "1942-11-26T00:00:00Z", 8.5,
           [("Humphrey Bogart", 1899), ("Ingrid Bergman", 1915)], ""),
    _movie("m-007", "Stalker", 1979, Genre.GENRE_SCIENCE_FICTION, "9720s", "1979-05-25T00:00:00Z", 8.0, []),
    _movie("m-008", "Bicycle Thieves", 1948, Genre.GENRE_DRAMA, "5370.500s", "1948-11-24T00:00:00Z", 8.3,
           [("Lamberto Maggiorani", 1909)]),
]
BY_ID = {movie.movie_id: movie for movie in CATALOG}


class MovieService(movies_pb2_grpc.MovieServiceServicer):
    def ListMovies(self, request, context):
        if request.page_size < 0:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "page_size must not be negative")
        matching = [movie for movie in CATALOG if request.genre_filter in (Genre.GENRE_UNSPECIFIED, movie.genre)]
        yield from matching[: request.page_size or DEFAULT_PAGE_SIZE]

    def GetMovie(self, request, context):
        if request.movie_id not in BY_ID:
            context.abort(grpc.StatusCode.NOT_FOUND, f"no movie has id {request.movie_id!r}")
        return BY_ID[request.movie_id]

    def RateMovies(self, request_iterator, context):
        summary = movies_pb2.RatingSummary()
        total = 0
        for rating in request_iterator:
            if not 1 <= rating.star_count <= 5:
                context.abort(grpc.StatusCode.INVALID_ARGUMENT, "star_count must be 1 to 5")
            if rating.movie_id not in BY_ID:
                summary.unknown_movie_ids.append(rating.movie_id)
                continue
            summary.rating_count += 1
            summary.stars_by_movie[rating.movie_id] += rating.star_count
            total += rating.star_count
        summary.average_stars = total / summary.rating_count if summary.rating_count else 0
        return summary

    def Chat(self, request_iterator, context):
        for number, message in enumerate(request_iterator, start=1):
            yield movies_pb2.ChatMessage(
                from_user="movie-bot",
                message_text=f"{message.from_user} said: {message.message_text}",
                sequence_number=number,
                in_reply_to=message.sequence_number,
            )
