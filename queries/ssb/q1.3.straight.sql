-- Q1.3, STRAIGHT_JOIN: the tables joined in the order written (lineorder, dim_date).
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from lineorder
join dim_date on lo_orderdatekey = d_datekey
where d_weeknuminyear = 6 and d_year = 1994 and lo_discount between 5 and 7 and lo_quantity between 26 and 35;
