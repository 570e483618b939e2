-- Q1.1, STRAIGHT_JOIN: the tables joined in the order written (lineorder, dim_date).
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from lineorder
join dim_date on lo_orderdatekey = d_datekey
where d_year = 1993 and lo_discount between 1 and 3 and lo_quantity < 25;
